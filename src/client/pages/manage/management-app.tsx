export function ManagementApp() {
  return (
    <main className="mx-auto max-w-md px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold">Villa Management Access</h1>
      <p className="mt-2 text-muted-foreground">Please sign in to access the villa management system</p>
    </main>
  );
}

/** Shown while the session, then the properties, load. */
export function LoadingScreen() {
  return (
    <main className="flex min-h-dvh items-center justify-center" aria-busy="true">
      <p role="status" className="text-muted-foreground">
        Loading villa management...
      </p>
    </main>
  );
}

import type { Operator } from '@/domain/auth';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';

/** The operator's own account: password and signed-in devices. */
export function AccountView({ operator }: { operator: Operator }) {
  return (
    <section aria-labelledby="account-title" className="grid gap-4">
      <div>
        <h2 id="account-title" className="font-display text-2xl font-semibold">
          Account
        </h2>
        <p className="text-sm text-muted-foreground">Signed in as {operator.email}</p>
      </div>
      <ChangePasswordForm />
      <SessionsList />
    </section>
  );
}

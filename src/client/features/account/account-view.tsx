import type { Operator } from '@/domain/auth';
import { ViewSection } from '@/client/components/view-section';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';

/** The operator's own account: password and signed-in devices. */
export function AccountView({ operator }: { operator: Operator }) {
  return (
    <ViewSection id="account-title" title="Account" description={<>Signed in as {operator.email}</>}>
      <ChangePasswordForm />
      <SessionsList />
    </ViewSection>
  );
}

import type { Operator } from '@/domain/auth';
import { ViewSection } from '@/client/components/view-section';
import { BusinessContactCard } from './business-contact-card';
import { BusinessProfileCard } from './business-profile-card';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';

/**
 * The operator's own account: password, signed-in devices, how guests reach the business and the business
 * behind the invoices.
 */
export function AccountView({ operator }: { operator: Operator }) {
  return (
    <ViewSection id="account-title" title="Account" description={<>Signed in as {operator.email}</>}>
      <ChangePasswordForm />
      <SessionsList />
      <BusinessContactCard />
      <BusinessProfileCard />
    </ViewSection>
  );
}

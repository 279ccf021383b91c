import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { findMembershipTier, PARTY_NAME } from '@party/shared-contracts';
import { raiseToast, failureDescription, useSchemaForm } from '@party/shared-ui';
import { registerMembership } from './membership-api';

const emptyRegistration = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  address: '',
  city: '',
  zip: '',
  state: '',
  membershipTier: '',
  agreeToTerms: false,
};

/**
 * The registration form of the Join page. `?tier=` preselects a tier, also when a link changes it
 * while the page is open; success welcomes the new member and opens the confirmation page.
 */
export function useMembershipRegistration() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const tierParam = findMembershipTier(searchParams.get('tier'))?.id;

  const form = useSchemaForm({
    rules: () => import('../../ui/form-rules').then((rules) => rules.membership),
    pageForm: 'membership',
    initialValues: { ...emptyRegistration, membershipTier: tierParam ?? '' },
    send: registerMembership,
    errorSummary: true,
    onSuccess: (registration) => {
      raiseToast({
        title: `Welcome to ${PARTY_NAME}!`,
        description: 'Your membership has been successfully processed.',
      });
      void navigate(`/membership-confirmation?tier=${registration.membershipTier}`);
    },
    onFailure: (error) =>
      raiseToast({
        title: 'Error',
        description: failureDescription(error, 'Failed to process membership. Please try again.'),
        variant: 'destructive',
      }),
  });

  const [appliedTier, setAppliedTier] = useState(tierParam);
  if (tierParam !== appliedTier) {
    setAppliedTier(tierParam);
    if (tierParam) form.setValue('membershipTier', tierParam);
  }

  return form;
}

import { useNavigate } from 'react-router';
import { memberLinks } from '@party/shared-contracts';
import { SecondFactorStep } from '../sign-in-security';
import styles from './Members.module.css';

/** After the password, for a member who added a second factor: that factor, then the member area. */
export function MemberSecondFactor({ passkey }: { passkey: boolean }) {
  const navigate = useNavigate();
  return (
    <SecondFactorStep
      endpoints={memberLinks}
      passkey={passkey}
      onGiven={() => void navigate(memberLinks.accountPage)}
      className={styles.card}
    />
  );
}

import { useNavigate } from 'react-router';
import { memberLinks } from '@party/shared-contracts';
import card from '../../ui/FormCard.module.css';
import { SecondFactorForm } from '../../ui/second-factor';
import styles from './Members.module.css';

/** After the password, for a member who added a second factor: that factor, then the member area. */
export function MemberSecondFactor({ passkey }: { passkey: boolean }) {
  const navigate = useNavigate();
  return (
    <div className={`${card.card} ${styles.card}`} role="group" aria-labelledby="member-factor-heading">
      <h2 id="member-factor-heading" className={card.heading}>
        Your second factor
      </h2>
      <p className={card.note}>Your password was right. Now confirm it is you with your passkey, or a code.</p>
      <SecondFactorForm endpoints={memberLinks} passkey={passkey} onGiven={() => void navigate(memberLinks.accountPage)} />
    </div>
  );
}

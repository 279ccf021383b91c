import card from '../../ui/FormCard.module.css';
import type { FactorEndpoints } from './sign-in-security-api';
import { SecondFactorForm } from './SecondFactorForm';

/** The sign-in's second step, after a password that was right: a card with the passkey and the code. */
export function SecondFactorStep<Answer>({
  endpoints,
  passkey,
  onGiven,
  className,
}: {
  endpoints: FactorEndpoints;
  passkey: boolean;
  onGiven: (answer: Answer) => void;
  className?: string;
}) {
  return (
    <div className={`${card.card} ${className ?? ''}`} role="group" aria-labelledby="second-factor-heading">
      <h2 id="second-factor-heading" className={card.heading}>
        Your second factor
      </h2>
      <p className={card.note}>Your password was right. Now confirm it is you with your passkey, or a code.</p>
      <noscript>
        <p className={card.note}>This step needs JavaScript: please switch it on to finish signing in.</p>
      </noscript>
      <SecondFactorForm endpoints={endpoints} passkey={passkey} onGiven={onGiven} />
    </div>
  );
}

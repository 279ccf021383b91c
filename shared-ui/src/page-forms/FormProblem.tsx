import { useEffect, useRef } from 'react';

/**
 * Why an action failed, in the gateway's words: announced, and focused so that it is read first.
 * A problem already there when the page opens (an incomplete link) is read in the page's order.
 * Styled by `.form-problem` (page-layout.css), which every page has with the shell's stylesheet.
 */
export function FormProblem({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  const onOpening = useRef(message);
  useEffect(() => {
    if (message && message !== onOpening.current) ref.current?.focus();
    onOpening.current = null;
  }, [message]);
  return message ? (
    <div ref={ref} tabIndex={-1} role="alert" className="form-problem">
      {message}
    </div>
  ) : null;
}

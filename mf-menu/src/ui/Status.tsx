/** Announce is the screen's polite live region: what just happened ("Added … to your cart"). */
export function Announce({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {text}
    </p>
  );
}

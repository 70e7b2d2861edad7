/** The visually hidden heading of spec 2.3, announced on every page. */
export function PageHeading({ text }: { text: string }) {
  return (
    <h1 className="visually-hidden" id="page-heading">
      {text}
    </h1>
  );
}

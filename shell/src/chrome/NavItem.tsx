import { Link, NavLink } from '@henhouse/kit/router';

export interface NavEntry {
  label: string;
  to: string;
  external?: boolean;
}

/** NavItem renders one navigation entry: an in-site link, or an external link that
 *  opens in a new tab and says so to screen readers. */
export function NavItem({
  entry,
  active = false,
  onClick,
}: {
  entry: NavEntry;
  active?: boolean;
  onClick?: () => void;
}) {
  if (entry.external) {
    return (
      <a href={entry.to} target="_blank" rel="noopener noreferrer">
        {entry.label}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return active ? (
    <NavLink to={entry.to} onClick={onClick}>
      {entry.label}
    </NavLink>
  ) : (
    <Link to={entry.to} onClick={onClick}>
      {entry.label}
    </Link>
  );
}

/** NavList renders entries as a list. */
export function NavList({ entries, className, active }: { entries: NavEntry[]; className?: string; active?: boolean }) {
  return (
    <ul className={className}>
      {entries.map((e) => (
        <li key={e.label}>
          <NavItem entry={e} active={active} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The side menu (SPEC §2): every section, the active one highlighted; Messaging flips its
 * sub-list open and closed on each click (a native <details>, so it works without JavaScript).
 * On a phone the whole menu folds behind a Menu button, again a <details>; it folds back after
 * each navigation.
 */
import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-link active' : 'menu-link');

type Entry = { to: string; label: string; end?: boolean };
const links = (entries: Entry[]) =>
  entries.map(({ to, label, end }) => (
    <NavLink key={to} to={to} end={end} className={linkClass}>
      {label}
    </NavLink>
  ));

export function SideMenu() {
  const { pathname } = useLocation();
  const inMessaging = pathname.startsWith('/messaging');
  const fold = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fold.current) fold.current.open = false;
  }, [pathname]);
  return (
    <details className="menu-fold" ref={fold}>
      <summary className="button">
        <span aria-hidden="true">☰</span> Menu
      </summary>
      <nav className="side-menu" aria-label="Main">
        {links([
          { to: '/home', label: 'Questions' },
          { to: '/tags', label: 'Tags' },
        ])}
        <details className="menu-group" open={inMessaging}>
          <summary className={inMessaging ? 'menu-link active' : 'menu-link'}>Messaging</summary>
          {links([
            { to: '/messaging', label: 'Global Messages', end: true },
            { to: '/messaging/direct-message', label: 'Direct Messages' },
          ])}
        </details>
        {links([
          { to: '/users', label: 'Users' },
          { to: '/games', label: 'Games' },
        ])}
      </nav>
    </details>
  );
}

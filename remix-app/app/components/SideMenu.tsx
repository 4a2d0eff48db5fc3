/**
 * The side menu (SPEC §2): every section, the active one highlighted; Messaging flips its
 * sub-list open and closed on each click (a native <details>, so it works without JavaScript).
 * On a phone the whole menu folds behind a Menu button, again a <details>; it folds back after
 * each navigation.
 */
import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-link active' : 'menu-link');

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
        <NavLink to="/home" className={linkClass}>
          Questions
        </NavLink>
        <NavLink to="/tags" className={linkClass}>
          Tags
        </NavLink>
        <details className="menu-group" open={inMessaging}>
          <summary className={inMessaging ? 'menu-link active' : 'menu-link'}>Messaging</summary>
          <NavLink to="/messaging" end className={linkClass}>
            Global Messages
          </NavLink>
          <NavLink to="/messaging/direct-message" className={linkClass}>
            Direct Messages
          </NavLink>
        </details>
        <NavLink to="/users" className={linkClass}>
          Users
        </NavLink>
        <NavLink to="/games" className={linkClass}>
          Games
        </NavLink>
      </nav>
    </details>
  );
}

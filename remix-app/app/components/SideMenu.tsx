/**
 * The side menu (SPEC §2): every section, the active one highlighted (a section's own pages
 * count too: a question, asking, answering or editing is under Questions, a profile under
 * Users, as on Stack Overflow's menu; decision record 0054); Messaging flips its sub-list open
 * and closed on each click (a native <details>, so it works without JavaScript).
 * On a phone the whole menu folds behind a Menu button, again a <details>; it folds back after
 * each navigation.
 */
import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/** `within`: the first path segments of the section's other pages. */
type Entry = { to: string; label: string; end?: boolean; within?: string[] };
/** `section`: the first segment of the page's path. */
const links = (entries: Entry[], section: string) =>
  entries.map(({ to, label, end, within = [] }) => (
    <NavLink
      key={to}
      to={to}
      end={end}
      className={({ isActive }) => (isActive || within.includes(section) ? 'menu-link active' : 'menu-link')}
    >
      {label}
    </NavLink>
  ));

/** `moderator`: the menu also leads to the moderators' log (the header's link folds away on a phone). */
export function SideMenu({ moderator = false }: { moderator?: boolean }) {
  const { pathname } = useLocation();
  const section = pathname.split('/')[1] ?? '';
  const inMessaging = section === 'messaging';
  const fold = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fold.current) fold.current.open = false;
  }, [pathname]);
  return (
    <details className="menu-fold" ref={fold}>
      <summary className="button">
        <span aria-hidden="true">☰</span> <span className="menu-label">Menu</span>
      </summary>
      <nav className="side-menu" aria-label="Main">
        {links(
          [
            { to: '/home', label: 'Questions', within: ['question', 'new', 'edit', 'revisions', 'search'] },
            { to: '/tags', label: 'Tags' },
          ],
          section,
        )}
        <details className="menu-group" open={inMessaging}>
          <summary className={inMessaging ? 'menu-link active' : 'menu-link'}>Messaging</summary>
          {links(
            [
              { to: '/messaging', label: 'Global Messages', end: true },
              { to: '/messaging/direct-message', label: 'Direct Messages' },
            ],
            section,
          )}
        </details>
        {links(
          [
            { to: '/users', label: 'Users', within: ['user'] },
            { to: '/games', label: 'Games' },
            ...(moderator ? [{ to: '/moderation', label: 'Moderators’ log' }] : []),
          ],
          section,
        )}
      </nav>
    </details>
  );
}

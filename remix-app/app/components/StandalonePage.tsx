/** The frame of a screen outside the signed-in layout (reset links, unsubscribing, the outbox): theme switch, heading, content. */
import type { ReactNode } from 'react';
import { ThemeToggle } from './ThemeToggle.tsx';

export function StandalonePage({ heading, wide, children }: { heading: string; wide?: boolean; children: ReactNode }) {
  return (
    <main className={wide ? 'auth-page wide' : 'auth-page'}>
      <ThemeToggle />
      <h1>{heading}</h1>
      {children}
    </main>
  );
}

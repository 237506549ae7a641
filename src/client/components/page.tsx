import { useEffect, type ReactNode } from 'react';
import { providerName } from '../lib/page-meta';

/** Sets the browser tab's title for the screen on show. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${providerName()}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** The frame of every screen: its title as the page heading and the tab title. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <section className="py-4">
      <h1 className="h3 mb-4">{title}</h1>
      {children}
    </section>
  );
}

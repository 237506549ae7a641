import type { Location } from 'react-router';

/**
 * Where an edit page goes back to (§4 "After save or delete, navigate back"):
 * the list the person came from, with its page and search (`?page=&q=`), and that list's own
 * way back (a child list's page is an edit page, which has its own list to return to).
 */
export interface BackTo {
  path: string;
  state: unknown;
}

/** The history state a list gives the edit page it opens. */
export const backToHere = (location: Location): { back: BackTo } => ({
  back: { path: `${location.pathname}${location.search}`, state: location.state },
});

/**
 * The list this edit page was opened from, when it is the page's own list (`navBackRoute`, with
 * any page and search); otherwise `navBackRoute` itself, e.g. for an address typed or shared.
 */
export function backFrom(location: Location, navBackRoute: string): BackTo {
  const back = (location.state as { back?: Partial<BackTo> } | null)?.back;
  const ownList = navBackRoute.split('?')[0];
  if (back && typeof back.path === 'string' && back.path.split('?')[0] === ownList) {
    return { path: back.path, state: back.state ?? null };
  }
  return { path: navBackRoute, state: null };
}

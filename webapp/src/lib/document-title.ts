import { useLayoutEffect } from 'react';

/**
 * Names the browser tab after the page while it shows; null (still loading) leaves the title as it is.
 * A layout effect, so the tab changes in the same commit as the page it names, and leaving the page
 * gives back the title it found.
 */
export function useDocumentTitle(title: string | null) {
  useLayoutEffect(() => {
    if (title === null) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** A page's title as the tab shows it: "Clubs · PoloDesk". */
export const pageTitle = (title: string) => `${title} · PoloDesk`;

/** A staff screen of a match, as the tab shows it: "Match log · Partizan – Zvezda · PoloDesk"; null while it loads. */
export const matchScreenTitle = (screen: string, match: { homeTeamDisplayName: string; awayTeamDisplayName: string } | null) =>
  match === null ? null : pageTitle(`${screen} · ${match.homeTeamDisplayName} – ${match.awayTeamDisplayName}`);

// Choosing a location before the first item (docs/menu.md, "Choosing a location"): a menu
// opened by a link, with no location chosen and no cart, never starts a cart at a location
// picked for the guest. Adding asks which location, nearest first to what the guest types,
// and the item goes to the cart once the chosen location is shown on the page.
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import type { Location } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';

// The question's screen loads when it is first asked: most guests come with a location,
// and the menu's first load stays within its budget (docs/shell.md, "First-load budget").
const ChooseLocation = lazy(() => import('./ChooseLocationDialog'));

/** What waits for a location: the item's name (for the question) and the add itself. */
interface Pending {
  what?: string;
  then?: (locationId: string) => void;
}

/** The chosen location when it sells mid: the guest's, from the store. */
const chosenFor = (mid: string) => (s: { location: Location | null }) =>
  s.location?.menu_id === mid ? s.location : null;

/**
 * useLocationChoice: the location an add goes to (the page's, else the one the guest
 * chose here), and withLocation, which runs an add at once when there is one and else
 * asks first. A refusal `location_required` from the edge asks too.
 */
export function useLocationChoice(mid: string, pageLocationId: string | undefined) {
  const chosen = useAppStore(chosenFor(mid));
  const [pending, setPending] = useState<Pending | null>(null);
  // Once asked, the question stays mounted (closed), so closing it gives focus back.
  const [asked, setAsked] = useState(false);
  if (pending !== null && !asked) setAsked(true);
  const locationId = pageLocationId ?? chosen?.id;
  const withLocation = (what: string | undefined, then: (locationId: string) => void) => {
    if (locationId) then(locationId);
    else setPending({ what, then });
  };
  const needsLocation = (e: unknown) => e instanceof ApiError && e.code === 'location_required';
  const dialog = asked && (
    <Suspense fallback={null}>
      <ChooseLocation
        open={pending !== null}
        mid={mid}
        what={pending?.what}
        onCancel={() => setPending(null)}
        onChoose={(loc) => {
          useAppStore.getState().set({ location: loc });
          const then = pending?.then;
          setPending(null);
          then?.(loc.id);
        }}
      />
    </Suspense>
  );
  const ask = (what?: string, then?: (locationId: string) => void) => setPending({ what, then });
  return { locationId, chosen, withLocation, ask, needsLocation, dialog };
}

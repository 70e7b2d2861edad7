// The map's stand-in for jsdom, which cannot lay out Leaflet: one button per marker, so a
// test clicks a marker and sees which is selected, whether the map was asked to pan to it,
// what the map was asked to frame, and whether the screen holds the map back.
import type { LocationMapProps } from '../map/types';

export function FakeMap({ markers, view, selected, onSelect, label, hold = false }: LocationMapProps) {
  return (
    <div
      role="region"
      aria-label={label}
      data-testid="map"
      data-view={view.kind}
      data-view-key={view.key}
      data-hold={hold ? 'yes' : 'no'}
    >
      {markers.map((m) => (
        <button
          key={m.id}
          type="button"
          aria-pressed={selected?.id === m.id}
          data-pan={selected?.id === m.id && selected.pan ? 'yes' : 'no'}
          onClick={() => onSelect(m.id)}
        >
          Marker {m.label}
        </button>
      ))}
    </div>
  );
}

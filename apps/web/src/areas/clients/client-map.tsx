import { useEffect, useState } from 'react';
import { Alert, Box, Button, Group, Text, TextInput } from '@mantine/core';
import { IconMapPinSearch } from '@tabler/icons-react';
import { Icon, type LeafletMouseEvent, type Marker as LeafletMarker } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import type { TLatLng } from '@fieldbook/core';
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  SEARCH_ZOOM,
  TILE_ATTRIBUTION,
  TILE_URL,
  searchPlace,
} from './map-config';

// Leaflet finds its marker images relative to its CSS, which the bundler moves: hand it the bundled files.
delete (Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

interface ClientMapProps {
  position: TLatLng | null;
  zoom: number | null;
  editing: boolean;
  /** The text the place search starts with (the client's address). */
  address: string;
  onChange: (position: TLatLng, zoom: number) => void;
}

interface ContentsProps {
  position: TLatLng | null;
  zoom: number | null;
  editing: boolean;
  onChange: (position: TLatLng, zoom: number) => void;
}

/** The marker, and the view following the stored position; in edit mode clicks, drags and zooms change it. */
function MapContents({ position, zoom, editing, onChange }: ContentsProps) {
  const map = useMapEvents({
    click: (e: LeafletMouseEvent) => {
      if (editing) onChange({ lat: e.latlng.lat, lng: e.latlng.lng }, map.getZoom());
    },
    zoomend: () => {
      // The zoom is kept with the position, so the client opens as it was framed.
      if (editing && position && map.getZoom() !== zoom) onChange(position, map.getZoom());
    },
  });
  // A map first drawn in a hidden tab has no size: measure again whenever its box changes.
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  const lat = position?.lat;
  const lng = position?.lng;
  useEffect(() => {
    const target = lat !== undefined && lng !== undefined ? { lat, lng } : DEFAULT_CENTER;
    const z = zoom ?? DEFAULT_ZOOM;
    // After a drag the marker is in view and the zoom unchanged: the view stays put then.
    if (map.getZoom() !== z || !map.getBounds().contains(target)) map.setView(target, z);
  }, [map, lat, lng, zoom]);
  if (!position) return null;
  return (
    <Marker
      position={position}
      draggable={editing}
      eventHandlers={{
        dragend: (e) => {
          const p = (e.target as LeafletMarker).getLatLng();
          onChange({ lat: p.lat, lng: p.lng }, map.getZoom());
        },
      }}
    />
  );
}

/** The place search of edit mode; it starts from the address as it is when editing starts. */
function PlaceSearch({
  address,
  onFound,
}: {
  address: string;
  onFound: (position: TLatLng, zoom: number) => void;
}) {
  const [query, setQuery] = useState(address);
  const [searching, setSearching] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const search = async () => {
    const q = query.trim();
    if (!q) return;
    setSearching(true);
    setMessage(null);
    try {
      const hit = await searchPlace(q);
      if (hit) onFound({ lat: hit.lat, lng: hit.lng }, SEARCH_ZOOM);
      else setMessage('No place was found for that address. Try a shorter address.');
    } catch {
      setMessage(
        'The place search is not available right now. Click the map or drag the marker to set the position.',
      );
    } finally {
      setSearching(false);
    }
  };

  return (
    <>
      <Group align="flex-end" gap="sm" mb="sm" wrap="nowrap">
        <TextInput
          label="Search for the address"
          placeholder="Street, suburb, town"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter searches here; it must not submit the client form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button
          type="button"
          variant="default"
          leftSection={<IconMapPinSearch size={16} />}
          loading={searching}
          onClick={() => void search()}
        >
          Search
        </Button>
      </Group>
      {message && (
        <Alert color="orange" mb="sm" role="alert">
          {message}
        </Alert>
      )}
    </>
  );
}

/** The client's address on an OpenStreetMap map, with a place search and a draggable marker in edit mode. */
export function ClientMap({ position, zoom, editing, address, onChange }: ClientMapProps) {
  return (
    <Box>
      {editing && <PlaceSearch address={address} onFound={onChange} />}
      {/* Its own stacking context: Leaflet's panes must not cover menus and dialogs. */}
      <Box
        style={{ isolation: 'isolate', borderRadius: 8, overflow: 'hidden' }}
        aria-label="Map of the client's address"
        role="region"
      >
        <MapContainer
          center={position ?? DEFAULT_CENTER}
          zoom={zoom ?? DEFAULT_ZOOM}
          scrollWheelZoom={false}
          style={{ height: 320, width: '100%' }}
        >
          <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
          <MapContents position={position} zoom={zoom} editing={editing} onChange={onChange} />
        </MapContainer>
      </Box>
      {editing && (
        <Text size="xs" c="dimmed" mt={4}>
          Search for the address, or click the map; drag the marker to fine-tune.
        </Text>
      )}
    </Box>
  );
}

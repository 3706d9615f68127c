import { useEffect, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { DomEvent, divIcon, type LeafletMouseEvent } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import {
  MapContainer,
  Marker,
  Polyline,
  Rectangle,
  TileLayer,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import type { TLatLng } from '@fieldbook/core';
import { DEFAULT_CENTER, DEFAULT_ZOOM, TILE_ATTRIBUTION, TILE_URL } from '../clients/map-config';

export interface MapStop {
  id: string;
  label: string;
  place: number | null;
  position: TLatLng;
}

export interface RouteMapProps {
  base: TLatLng | null;
  stops: MapStop[];
  /** The path: base -> stops -> base, in route order. */
  path: TLatLng[];
  /** 'base': the next click sets the base; 'area': a drag draws the selection rectangle. */
  mode: 'none' | 'base' | 'area';
  onBase: (p: TLatLng) => void;
  onArea: (a: TLatLng, b: TLatLng) => void;
}

const numberIcon = (n: number | null) =>
  divIcon({
    className: 'route-marker',
    html: `<div style="background:${n ? '#1c7ed6' : '#868e96'};color:#fff;border-radius:50%;width:28px;height:28px;line-height:28px;text-align:center;font-weight:700;border:2px solid #fff;box-shadow:0 0 3px #000">${n ?? '·'}</div>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
const baseIcon = divIcon({
  className: 'route-base',
  html: '<div style="background:#2f9e44;color:#fff;border-radius:4px;padding:2px 4px;font-weight:700;border:2px solid #fff;box-shadow:0 0 3px #000">Base</div>',
  iconSize: [40, 24],
  iconAnchor: [20, 12],
});

const ll = (p: { lat: number; lng: number }): TLatLng => ({ lat: p.lat, lng: p.lng });

/** The clicks and drags of the modes; a rectangle drag works with the mouse and with touch. */
function Interaction({ mode, onBase, onArea }: Pick<RouteMapProps, 'mode' | 'onBase' | 'onArea'>) {
  const map = useMap();
  const [rect, setRect] = useState<[TLatLng, TLatLng] | null>(null);
  const start = useRef<TLatLng | null>(null);
  useMapEvents({
    click: (e: LeafletMouseEvent) => {
      if (mode === 'base') onBase(ll(e.latlng));
    },
  });
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  useEffect(() => {
    if (mode !== 'area') return;
    // While selecting, the map does not pan: the drag draws the rectangle instead.
    map.dragging.disable();
    const el = map.getContainer();
    const at = (e: PointerEvent) => ll(map.mouseEventToLatLng(e));
    const down = (e: PointerEvent) => {
      DomEvent.stop(e);
      el.setPointerCapture(e.pointerId);
      start.current = at(e);
      setRect([start.current, start.current]);
    };
    const move = (e: PointerEvent) => {
      if (start.current) setRect([start.current, at(e)]);
    };
    const up = (e: PointerEvent) => {
      if (!start.current) return;
      const a = start.current;
      start.current = null;
      setRect(null);
      onArea(a, at(e));
    };
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    const touchAction = el.style.touchAction;
    el.style.touchAction = 'none';
    return () => {
      map.dragging.enable();
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.style.touchAction = touchAction;
    };
  }, [map, mode, onArea]);
  return rect ? (
    <Rectangle
      bounds={[
        [rect[0].lat, rect[0].lng],
        [rect[1].lat, rect[1].lng],
      ]}
      pathOptions={{ dashArray: '4' }}
    />
  ) : null;
}

/** Fits the view to the stops once they are known. */
function Fit({ points }: { points: TLatLng[] }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length < 2) return;
    fitted.current = true;
    map.fitBounds(
      points.map((p) => [p.lat, p.lng]),
      { padding: [24, 24] },
    );
  }, [map, points]);
  return null;
}

/** The route on an OpenStreetMap map: base, numbered stops and the path between them. */
export function RouteMap({ base, stops, path, mode, onBase, onArea }: RouteMapProps) {
  const points = [...(base ? [base] : []), ...stops.map((s) => s.position)];
  return (
    <Box
      data-testid="route-map"
      data-mode={mode}
      style={{ height: '100%', minHeight: 360, cursor: mode === 'none' ? undefined : 'crosshair' }}
    >
      <MapContainer
        center={DEFAULT_CENTER}
        zoom={DEFAULT_ZOOM}
        style={{ height: '100%', minHeight: 360, width: '100%' }}
      >
        <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
        <Interaction mode={mode} onBase={onBase} onArea={onArea} />
        <Fit points={points} />
        {base && <Marker position={base} icon={baseIcon} />}
        {stops.map((s) => (
          <Marker key={s.id} position={s.position} icon={numberIcon(s.place)}>
            <Tooltip>{s.label}</Tooltip>
          </Marker>
        ))}
        {path.length > 1 && <Polyline positions={path} pathOptions={{ color: '#1c7ed6' }} />}
      </MapContainer>
    </Box>
  );
}

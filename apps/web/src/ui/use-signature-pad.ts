import { useEffect, useRef, useState, type RefObject } from 'react';
import SignaturePad from 'signature_pad';

/**
 * signature_pad on a canvas: sharp on high-density screens, strokes kept
 * across a resize, `empty` following each stroke. `onStroke` runs after each
 * stroke ends. Answers the pad (null until mounted) and a clear.
 */
export function useSignaturePad(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  onStroke?: (pad: SignaturePad) => void,
) {
  const padRef = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  const strokeRef = useRef(onStroke);
  useEffect(() => {
    strokeRef.current = onStroke;
  }, [onStroke]);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)' });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit();
    const onEnd = () => {
      setEmpty(pad.isEmpty());
      strokeRef.current?.(pad);
    };
    pad.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [canvasRef]);

  const clear = () => {
    padRef.current?.clear();
    setEmpty(true);
  };
  return { padRef, empty, clear };
}

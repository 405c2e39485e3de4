import { useEffect, useRef, useState } from 'react';
import { Field } from '@/components/form/field';
import { partnerMessages as m } from './messages';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** Reads a QR from the camera's current frame; `undefined` while none shows. */
type ReadFrame = (video: HTMLVideoElement) => Promise<string | undefined>;

/** The browser's own QR reader where it has one (Chrome on Android); elsewhere (Chromium on Linux,
 * Firefox, older Safari) jsQR, loaded only when a partner opens the camera. */
async function qrReader(): Promise<ReadFrame> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const [width, height] = [video.videoWidth, video.videoHeight];
    if (!context || width === 0 || height === 0) return undefined;
    canvas.width = width;
    canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    return jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })?.data || undefined;
  };
}

/** Whether this phone has a camera a page may open. */
const HAS_CAMERA = typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

/** The traveller's voucher: its order number typed, or its QR scanned with the phone's camera. */
export function CheckIn({ busy, send }: { busy: boolean; send: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [scanning, setScanning] = useState(false);
  return (
    <form
      className="partner-decline"
      data-testid="check-in"
      onSubmit={(e) => {
        e.preventDefault();
        send(code);
      }}
    >
      <strong>{m.checkIn}</strong>
      <Field label={m.voucherCode} value={code} onChange={(e) => setCode(e.target.value)} autoCapitalize="characters" autoComplete="off" required />
      {HAS_CAMERA && (
        <button type="button" className="button button-secondary" onClick={() => setScanning(!scanning)}>
          {scanning ? m.scanStop : m.scan}
        </button>
      )}
      {scanning && (
        <Scanner
          found={(value) => {
            setScanning(false);
            setCode(value);
            send(value);
          }}
        />
      )}
      <button type="submit" className="button button-primary" disabled={busy}>
        {m.checkInSend}
      </button>
    </form>
  );
}

/** The back camera, read a few times a second until a QR shows; the camera stops when done. */
function Scanner({ found }: { found: (value: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The latest callback, so a new render does not restart the camera.
  const onFound = useRef(found);
  useEffect(() => {
    onFound.current = found;
  }, [found]);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    void Promise.all([qrReader(), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })])
      .then(([read, s]) => {
        stream = s;
        if (stopped || !video.current) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        video.current.srcObject = s;
        void video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          void read(video.current).then((value) => {
            if (value && !stopped) onFound.current(value);
          });
        }, 300);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return <video ref={video} className="partner-scanner" muted playsInline data-testid="scanner" />;
}

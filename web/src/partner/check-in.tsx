import { useEffect, useRef, useState } from 'react';
import { Field } from '@/components/form/field';
import { partnerMessages as m } from './messages';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** The browser's own QR reader where it has one (Chrome on Android); elsewhere the code is typed. */
const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

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
      {BarcodeDetector && (
        <button type="button" className="button button-secondary" onClick={() => setScanning(!scanning)}>
          {scanning ? m.scanStop : m.scan}
        </button>
      )}
      {scanning && BarcodeDetector && (
        <Scanner
          detector={BarcodeDetector}
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
function Scanner({ detector, found }: { detector: DetectorClass; found: (value: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  // The latest callback, so a new render does not restart the camera.
  const onFound = useRef(found);
  useEffect(() => {
    onFound.current = found;
  }, [found]);
  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const reader = new detector({ formats: ['qr_code'] });
    void navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: 'environment' } })
      .then((s) => {
        stream = s;
        if (!video.current) return;
        video.current.srcObject = s;
        void video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          void reader.detect(video.current).then((codes) => {
            const value = codes[0]?.rawValue;
            if (value) onFound.current(value);
          });
        }, 300);
      })
      .catch(() => undefined);
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [detector]);
  return <video ref={video} className="partner-scanner" muted playsInline />;
}

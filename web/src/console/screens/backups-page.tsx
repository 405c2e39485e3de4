import { FormError } from '@/components/form/form-error';
import { refusal } from '@/lib/api/refusal';
import { formatBytes as size } from '@/lib/format';
import { showTimestamp } from '@/lib/vietnam-time';
import { actions, useBackups } from '../api';
import { consoleMessages } from '../messages';
import { ResultTable } from '../result-table';
import { useAction } from '../use-action';

const m = consoleMessages.backups;

/** Admins see that the data is backed up (the last backup, what is kept, when the next is due)
 * and take one before a risky change. Restoring is done at the node's shell, the node stopped. */
export function BackupsPage() {
  const { data, error: loadError } = useBackups();
  const { error, run } = useAction();
  const last = data?.backups[0];
  return (
    <div data-testid="backups">
      <h1>{consoleMessages.nav.backups}</h1>
      {/* PostgreSQL's node says why it keeps no backups (the database server does). */}
      {loadError && <p className="form-error">{refusal(loadError, consoleMessages.loadFailed)}</p>}
      {data && (
        <div className="card console-form">
          <p data-testid="backups-last">{last ? m.last(showTimestamp(last.takenAt), size(last.bytes)) : m.never}</p>
          <p>{data.nextAt ? m.next(showTimestamp(data.nextAt)) : m.noSchedule}</p>
          <p className="muted">{m.kept(data.backups.length, size(data.totalBytes), data.place)}</p>
          <p>
            <button type="button" className="button button-primary" onClick={() => void run(actions.startBackup, { done: m.started })}>
              {m.start}
            </button>
          </p>
          <FormError error={error} />
          <p className="muted small">{m.restoreHint}</p>
        </div>
      )}
      {data && data.backups.length > 0 && (
        <ResultTable
          label={consoleMessages.nav.backups}
          count={data.backups.length}
          error={undefined}
          none={m.never}
          columns={m.columns}
          hasMore={false}
          more={() => undefined}
          testId="backups-table"
        >
          {data.backups.map((b) => (
            <tr key={b.name}>
              <td>
                <code>{b.name}</code>
              </td>
              <td>{showTimestamp(b.takenAt)}</td>
              <td>{size(b.bytes)}</td>
            </tr>
          ))}
        </ResultTable>
      )}
    </div>
  );
}

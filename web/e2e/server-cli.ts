import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { databaseUrl, serverBinary } from '../playwright.config';

/** The folder the test server keeps its database, mails and media in. */
export function dataDir(): string {
  return process.env.E2E_DATA_DIR ?? '';
}

/** The server's own command against the test database: how the first staff accounts are made. */
export function booking(args: string[], input = ''): string {
  return execFileSync(serverBinary, args, {
    input,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      APP_MAILBOX_DIR: join(dataDir(), 'mailbox'),
      APP_MEDIA_DIR: join(dataDir(), 'images'),
      APP_BACKUP_DIR: join(dataDir(), 'backups'),
      APP_MIGRATE_ON_START: 'false',
      APP_SEED_DEMO: 'false',
      APP_LOG: 'warn',
    },
  }).toString();
}


import { existsSync } from 'node:fs';

export default function globalSetup(): void {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`Chromium not found at ${chromium}: install Debian's package (apt-get install chromium).`);
  }
}

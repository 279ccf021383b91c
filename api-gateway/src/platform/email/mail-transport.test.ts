import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../logger.js';
import { fileTransport } from './mail-transport.js';

const logger = createLogger({ logLevel: 'silent' });
const FROM = 'The Refoundation Party <hello@refoundation.example>';
const message = (id: string) => ({
  id,
  to: 'reader@example.org',
  replyTo: null,
  subject: `Message ${id}`,
  text: 'Text',
  html: '<p>HTML</p>',
  headers: {},
});

describe('the file transport (no SMTP_URL)', () => {
  let root: string;
  beforeEach(() => (root = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-files-'))));
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes each message as <id>.eml, making its folder when it is missing, also after a person removed it', async () => {
    const dir = path.join(root, 'mail');
    const transport = fileTransport(dir, FROM, logger);
    await transport.send(message('1'));
    fs.rmSync(dir, { recursive: true });
    await transport.send(message('2'));
    transport.close();

    expect(fs.readdirSync(dir)).toEqual(['2.eml']);
    const raw = fs.readFileSync(path.join(dir, '2.eml'), 'utf8');
    expect(raw).toContain('Subject: Message 2');
    expect(raw).toContain('Message-ID: <outbox-2@refoundation.example>');
  });

  it('fails a message it cannot write, for the outbox to retry', async () => {
    const notAFolder = path.join(root, 'file');
    fs.writeFileSync(notAFolder, '');
    const transport = fileTransport(notAFolder, FROM, logger);
    await expect(transport.send(message('1'))).rejects.toThrow(/EEXIST/);
    transport.close();
  });
});

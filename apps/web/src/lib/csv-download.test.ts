import { DOWNLOAD_LINK_RELEASE_MS } from '@backoffice/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvField, datedFileName, downloadBlob, downloadCsv, toCsv } from './csv-download';

describe('csvField', () => {
  it('writes plain text and numbers as they are, nothing for null and undefined', () => {
    expect(csvField('Casino Malta')).toBe('Casino Malta');
    expect(csvField(1234.5)).toBe('1234.5');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(csvField('Casino, Malta')).toBe('"Casino, Malta"');
    expect(csvField('The "Big" Casino')).toBe('"The ""Big"" Casino"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('"')).toBe('""""');
  });

  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+49 170 1234', "'+49 170 1234"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
  ])('puts a quote mark before text that a spreadsheet would run as a formula: %s', (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it('guards and quotes a formula that also needs quotes', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
  });

  it('leaves a negative number a number, and text with = elsewhere alone', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =1')).toBe(' =1');
  });
});

describe('toCsv', () => {
  it('writes the header and each row on its own line, every line ended by CRLF', () => {
    expect(
      toCsv(
        ['Casino', 'GGR (EUR)'],
        [
          ['Casino, Malta', 12.34],
          ['=cmd', -5],
          [null, 0],
        ],
      ),
    ).toBe('Casino,GGR (EUR)\r\n"Casino, Malta",12.34\r\n\'=cmd,-5\r\n,0\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });
});

describe('downloads', () => {
  let created: Blob[];
  let revoked: string[];
  let clicked: { href: string; download: string; attached: boolean }[];

  beforeEach(() => {
    vi.useFakeTimers();
    created = [];
    revoked = [];
    clicked = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return `blob:http://localhost/${created.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('saves a blob through a link to its object URL, and removes the link', () => {
    const blob = new Blob(['x']);
    downloadBlob(blob, 'report.csv');

    expect(created).toEqual([blob]);
    expect(clicked).toEqual([{ href: 'blob:http://localhost/1', download: 'report.csv', attached: true }]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it(`releases the object URL ${DOWNLOAD_LINK_RELEASE_MS / 1000} seconds after the download, not before`, () => {
    expect(DOWNLOAD_LINK_RELEASE_MS).toBe(40_000);
    downloadBlob(new Blob(['x']), 'report.csv');

    vi.advanceTimersByTime(DOWNLOAD_LINK_RELEASE_MS - 1);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:http://localhost/1']);
  });

  it('saves CSV text as UTF-8 with a byte order mark, so spreadsheets read umlauts and €', async () => {
    downloadCsv('Name\r\nMünchen €\r\n', 'players.csv');

    const [blob] = created;
    expect(blob!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blob!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('Name\r\nMünchen €\r\n');
    expect(clicked[0]!.download).toBe('players.csv');
  });

  it('does not add a second byte order mark', async () => {
    downloadCsv('\uFEFFa\r\n', 'a.csv');
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    expect([...bytes]).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a]);
  });
});

describe('datedFileName', () => {
  it("adds today's UTC date and the extension", () => {
    expect(datedFileName('ggr-report', new Date('2025-03-01T23:30:00Z'))).toBe('ggr-report-2025-03-01.csv');
  });
});

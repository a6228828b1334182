import { describe, expect, it } from 'vitest';
import { csvFromMetadata, csvFromObject } from '../../../src/core/service/csv-summary';
import { iconDataUrl } from '../../../src/core/service/icon';

describe('package icons', () => {
  it('become data: URLs for PNG, JPEG, GIF and SVG only', () => {
    expect(iconDataUrl({ base64data: 'iVBORw0KGgo=', mediatype: 'image/png' })).toEqual({
      dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(iconDataUrl({ base64data: 'PHN2Zz4=', mediatype: ' Image/SVG+XML ' }).dataUrl).toBe(
      'data:image/svg+xml;base64,PHN2Zz4=',
    );
    expect(iconDataUrl({ base64data: 'PHNjcmlwdD4=', mediatype: 'text/html' })).toEqual({
      note: 'The icon is not shown: mediatype "text/html" is not an image type FBC Studio displays.',
    });
  });

  it('skip line breaks (as Go does) and refuse anything that is not base64', () => {
    expect(iconDataUrl({ base64data: 'iVBO\r\nRw0K', mediatype: 'image/png' }).dataUrl).toBe(
      'data:image/png;base64,iVBORw0K',
    );
    expect(iconDataUrl({ base64data: 'abc"><script>', mediatype: 'image/png' })).toEqual({
      note: 'The icon is not shown: its base64data is not valid base64.',
    });
    expect(iconDataUrl(undefined)).toEqual({});
    expect(iconDataUrl({ base64data: '', mediatype: 'image/png' })).toEqual({});
  });
});

describe('CSV summary', () => {
  it('reads olm.csv.metadata, matching field names case-insensitively as Go does', () => {
    expect(
      csvFromMetadata({
        DisplayName: 'X',
        annotations: { capabilities: 'Deep Insights' },
        minKubeVersion: '1.27.0',
        provider: { name: 'ACME' },
        keywords: ['a', 1, 'b'],
        links: [{ name: 'Docs', url: 'https://x' }],
        maintainers: [{ name: 'M', email: 'm@x' }],
      }),
    ).toEqual({
      from: 'olm.csv.metadata',
      displayName: 'X',
      capabilities: 'Deep Insights',
      minKubeVersion: '1.27.0',
      provider: 'ACME',
      keywords: ['a', 'b'],
      links: [{ name: 'Docs', url: 'https://x' }],
      maintainers: [{ name: 'M', email: 'm@x' }],
    });
  });

  it('reads a decoded ClusterServiceVersion: spec fields and metadata.annotations.capabilities', () => {
    expect(
      csvFromObject({
        kind: 'ClusterServiceVersion',
        metadata: { annotations: { capabilities: 'Basic Install' } },
        spec: { displayName: 'Y', description: 'd', maturity: 'alpha' },
      }),
    ).toEqual({
      from: 'olm.bundle.object',
      displayName: 'Y',
      description: 'd',
      maturity: 'alpha',
      capabilities: 'Basic Install',
      keywords: [],
      links: [],
      maintainers: [],
    });
  });
});

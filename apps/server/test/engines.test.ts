import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { GenerateDesignFields } from '@dwellscape/shared';
import { loadConfig } from '../src/config';
import { createEngines } from '../src/engines';
import type { Engines } from '../src/engines/types';
import { createLocalDiskStorage } from '../src/storage/file-storage';
import { makePng, solidImage } from './media-fixtures';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dwellscape-engines-'));
const storage = createLocalDiskStorage(path.join(dataDir, 'media'));
const engineFor = (env: Record<string, string> = {}): Engines =>
  createEngines(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }), storage);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function fields(overrides: Partial<GenerateDesignFields> = {}): GenerateDesignFields {
  return {
    selectedProducts: [],
    uploadedProductImages: [],
    userAnswers: {},
    spaceType: 'Living Room',
    mode: 'interior',
    ...overrides,
  };
}

describe('the engines the app is built with (IMAGE_ENGINE / TEXT_ENGINE unset)', () => {
  const engines = engineFor();
  afterAll(() => engines.close());

  it('are the local ones', () => {
    expect([engines.image.name, engines.text.name]).toEqual(['local', 'local']);
  });

  it('render a WebP deterministically, and products change it', async () => {
    const space = await solidImage(800, 600, '#9a9a9a').jpeg().toBuffer();
    const sofa = { bytes: await makePng(300, 150, '#2244aa'), category: 'Sofas', name: 'Blue sofa' };
    const input = { spaceImage: space, products: [sofa], fields: fields({ userAnswers: { vibe: 'Warm & Cozy' } }) };
    const first = await engines.image.generateDesign(input);
    const second = await engines.image.generateDesign(input);
    expect(first.contentType).toBe('image/webp');
    expect((await sharp(first.bytes).metadata()).format).toBe('webp');
    expect(sha256(second.bytes)).toBe(sha256(first.bytes));
    const bare = await engines.image.generateDesign({ ...input, products: [] });
    expect(sha256(bare.bytes)).not.toBe(sha256(first.bytes));
  });

  it('rewrite text deterministically', async () => {
    const notes = 'add a green sofa. add a green sofa. more plants';
    expect(await engines.text.improveDesignNotes(notes, 'interior')).toBe(
      await engines.text.improveDesignNotes(notes, 'interior'),
    );
    expect(await engines.text.improveCaption('my  room', 'interior')).toBe(
      await engines.text.improveCaption('my  room', 'interior'),
    );
  });
});

describe('the engines chosen by IMAGE_ENGINE=openai / TEXT_ENGINE=openai', () => {
  it('are the OpenAI-compatible ones', () => {
    const engines = engineFor({
      IMAGE_ENGINE: 'openai',
      TEXT_ENGINE: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'test',
    });
    expect([engines.image.name, engines.text.name]).toEqual(['openai', 'openai']);
  });
});

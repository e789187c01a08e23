import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatorWorker, startSimulatorWorker } from './index.ts';
import { FakeWorker } from './testing/fakes.ts';

const page = globalThis as { __hpaSimHtmlWorker?: unknown };
afterEach(() => delete page.__hpaSimHtmlWorker);

describe("the page's first simulator worker", () => {
  it("adopts the worker index.html's inline script started, once (vite.config.ts)", () => {
    const started = new FakeWorker();
    page.__hpaSimHtmlWorker = started;
    startSimulatorWorker();
    expect(page.__hpaSimHtmlWorker).toBeUndefined(); // taken: nobody adopts it twice
    expect(createSimulatorWorker()).toBe(started);
    started.terminate();
  });
});

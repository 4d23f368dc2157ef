/**
 * The system Chromium for the browser benchmarks: launched by chrome-launcher (what Lighthouse
 * uses itself) and driven through puppeteer-core over the same DevTools port.
 */
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface LaunchedChromium {
  port: number;
  browser: Browser;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<LaunchedChromium> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
    logLevel: 'error',
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    return {
      port: chrome.port,
      browser,
      async close() {
        await browser.disconnect();
        chrome.kill();
      },
    };
  } catch (err) {
    chrome.kill();
    throw err;
  }
}

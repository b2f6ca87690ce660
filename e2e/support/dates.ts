// Dates as the journeys type them into the app's date pickers and send them to the API.
import type { Locator } from 'playwright-core';

/** A day `days` from today in Bangkok: as the date pickers take it (dd/MM/yyyy) and as yyyy-MM-dd. */
export function dayFromToday(days: number): { typed: string; iso: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Bangkok',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(new Date(Date.now() + days * 86_400_000))
      .map((part) => [part.type, part.value]),
  );
  return {
    typed: `${parts.day}/${parts.month}/${parts.year}`,
    iso: `${parts.year}-${parts.month}-${parts.day}`,
  };
}

/** Types a date (or a time) into an antd picker's input and commits it with Enter. */
export async function typeIntoPicker(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

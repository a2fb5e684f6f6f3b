import { describe, expect, it } from 'vitest';
import { pageText } from './pdf-page-text';
import type { PageItem } from './pdf-passage';

/** A pdf.js text item on baseline `y` in a 12 pt font. */
const line = (str: string, y: number, hasEOL = true): PageItem => ({
  str,
  transform: [12, 0, 0, 12, 72, y],
  width: 100,
  hasEOL,
});

describe('pageText', () => {
  const items = [
    line('Trains pull into the station', 700),
    line('at noon, every day of the week.', 686),
    line('Tickets are sold on board.', 640),
  ];

  it('joins the lines of a paragraph and keeps a paragraph break where the gap is wide', () => {
    const page = pageText(items, 'Tickets are sold on board.')!;
    expect(page.text).toBe(
      'Trains pull into the station at noon, every day of the week.\n\nTickets are sold on board.',
    );
  });

  it('marks the passage where it lies, across a line end', () => {
    const page = pageText(items, 'the station at noon')!;
    expect(page.text.slice(page.start, page.end)).toBe('the station at noon,');
  });

  it('breaks before and after a heading, as pdf.js gives it: line ends on empty items of their own', () => {
    // The items of the travel guide's first page, as Chromium prints it and pdf.js reads it.
    const printed: PageItem[] = [
      { str: 'Rail journeys', transform: [18, 0, 0, 18, 6, 738.6], width: 100, hasEOL: false },
      { str: '', transform: [12, 0, 0, 12, 6, 708.6], width: 0, hasEOL: true },
      {
        str: 'The train arrives at noon. Passengers keep',
        transform: [12, 0, 0, 12, 6, 708.6],
        width: 300,
        hasEOL: true,
      },
      { str: 'their tickets.', transform: [12, 0, 0, 12, 6, 695.1], width: 80, hasEOL: false },
      { str: '', transform: [12, 0, 0, 12, 6, 669.6], width: 0, hasEOL: true },
      { str: 'Sleeper carriages offer beds.', transform: [12, 0, 0, 12, 6, 669.6], width: 200, hasEOL: false },
    ];
    const page = pageText(printed, 'passengers keep their tickets')!;
    expect(page.text).toBe(
      'Rail journeys\n\nThe train arrives at noon. Passengers keep their tickets.\n\nSleeper carriages offer beds.',
    );
    expect(page.text.slice(page.start, page.end)).toBe('Passengers keep their tickets.');
  });

  it('joins a word hyphenated at a line end without a space', () => {
    const page = pageText([line('The time-', 700), line('table is new.', 686)], 'timetable is new')!;
    expect(page.text).toBe('The time-table is new.');
    expect(page.text.slice(page.start, page.end)).toBe('time-table is new.');
  });

  it('puts a space between words read by OCR, which carry no line ends', () => {
    const words: PageItem[] = ['Ferries', 'leave', 'hourly.'].map((str) => ({ str }));
    const page = pageText(words, 'ferries leave hourly')!;
    expect(page.text).toBe('Ferries leave hourly.');
    expect(page.text.slice(page.start, page.end)).toBe('Ferries leave hourly.');
  });

  it('says so when the passage is not on the page', () => {
    expect(pageText(items, 'the ferry to the island')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { contrastRatio, readableColour, textColourOn } from './readable-colour';

describe('readableColour', () => {
  it('darkens a light colour until its text reads at 4.5:1 on its tint and white text on it does too', () => {
    for (const colour of ['#faad14', '#13c2c2', '#52c41a', '#1677ff', '#fa541c', '#eb2f96', '#a0d911']) {
      const readable = readableColour(colour);
      expect(contrastRatio(readable, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(readable).not.toBe(colour);
    }
    // gold on its tint (antd draws #fff7e6 behind it)
    expect(contrastRatio(readableColour('#faad14'), '#fff7e6')).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a colour that is dark enough already, and anything that is not #rrggbb', () => {
    expect(readableColour('#722ed1')).toBe('#722ed1');
    expect(readableColour('#434343')).toBe('#434343');
    expect(readableColour('green')).toBe('green');
  });
});

describe('textColourOn', () => {
  it('writes white on a dark colour and black on a light one, at 4.5:1 or more', () => {
    expect(textColourOn('#722ed1')).toBe('#ffffff');
    expect(textColourOn('#faad14')).toBe('#000000');
    for (const colour of ['#12a150', '#1677ff', '#fa541c', '#13c2c2', '#434343', '#eb2f96']) {
      expect(contrastRatio(textColourOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isProvince, provinceName, PROVINCES } from './provinces';

describe('provinces', () => {
  it('lists the 77 provinces once each, in Thai and English', () => {
    expect(PROVINCES).toHaveLength(77);
    expect(new Set(PROVINCES.map((p) => p.en)).size).toBe(77);
    expect(new Set(PROVINCES.map((p) => p.th)).size).toBe(77);
  });

  it('recognises English names and translates them', () => {
    expect(isProvince('Chiang Mai')).toBe(true);
    expect(isProvince('chiang mai')).toBe(false);
    expect(provinceName('Chiang Mai', 'th')).toBe('เชียงใหม่');
    expect(provinceName('Atlantis', 'th')).toBe('Atlantis');
  });
});

import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './avatar-file';

describe('avatar files', () => {
  it('takes images of at most 5 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe('notImage');
  });
});

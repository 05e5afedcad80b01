import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { serverFieldErrors } from './field-errors.js';

const fields = ['siteName', 'parentId', 'siteDesc'];

describe('server refusals on form fields', () => {
  it('puts a known message on the field it names, in either language', () => {
    const taken = new ApiError(40000, 'The site name already exists');
    expect(serverFieldErrors(taken, fields, { siteNameExists: 'siteName' }, 'en-US')).toEqual([
      { name: 'siteName', errors: ['The site name already exists'] },
    ]);
    const zh = new ApiError(40000, '站点名称已存在');
    expect(serverFieldErrors(zh, fields, { siteNameExists: 'siteName' }, 'zh-CN')[0]?.name).toBe('siteName');
  });

  it('reads the fields of a schema refusal from messageExt, ignoring fields the form does not have', () => {
    const refused = new ApiError(
      40000,
      'This field cannot be empty!',
      'siteName: fieldRequired; body.siteDesc: control character; other: fieldRequired',
    );
    expect(serverFieldErrors(refused, fields, {}, 'en-US')).toEqual([
      { name: 'siteName', errors: ['This field cannot be empty!'] },
      { name: 'siteDesc', errors: ['This field cannot be empty!'] },
    ]);
  });

  it('leaves a refusal about no field of the form to be shown above it', () => {
    const hasData = new ApiError(40000, 'The site has data, please transfer it first');
    expect(serverFieldErrors(hasData, fields, { siteNameExists: 'siteName' }, 'en-US')).toEqual([]);
    const network = new ApiError(-1, 'Network exception', 'siteName: x', 'network');
    expect(serverFieldErrors(network, fields, {}, 'en-US')).toEqual([]);
  });
});

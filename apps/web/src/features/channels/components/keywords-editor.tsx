import { Button, Form, Input, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, duplicateKeywordRows } from '../utils/channel-form';
import type { ChannelFormValues, KeywordRow } from '../utils/channel-form';

export type TeamOption = { value: string; label: string };

/** Keyword mode: each keyword sends an issue whose first message contains it to its team. */
export function KeywordsEditor({ teamOptions }: { teamOptions: TeamOption[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();

  return (
    <Form.List
      name="keywords"
      rules={[
        {
          validator: async (_, rows?: KeywordRow[]) => {
            if (!rows || rows.length === 0) throw new Error(t('channels.form.keywordsRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="channel-rows" data-testid="keywords-editor">
          <div className="channel-rows__title">{t('channels.form.keywords')}</div>
          {fields.length > 0 && (
            <div className="channel-rows__head channel-rows__grid--keyword" aria-hidden>
              <span>{t('channels.form.keyword')}</span>
              <span>{t('channels.form.keywordTeam')}</span>
            </div>
          )}
          {fields.map(({ key, name }) => (
            <div key={key} className="channel-rows__grid--keyword" data-testid="keyword-row">
              <Form.Item
                name={[name, 'keyword']}
                rules={[
                  { required: true, whitespace: true, message: t('channels.form.keywordRequired') },
                  { max: LIMITS.keyword, message: t('channels.form.tooLong', { max: LIMITS.keyword }) },
                  {
                    validator: async () => {
                      const rows = (form.getFieldValue('keywords') as KeywordRow[] | undefined) ?? [];
                      if (duplicateKeywordRows(rows).includes(name))
                        throw new Error(t('errors.channel.keyword_exists'));
                    },
                  },
                ]}
              >
                <Input aria-label={t('channels.form.keyword')} maxLength={LIMITS.keyword} />
              </Form.Item>
              <Form.Item
                name={[name, 'teamId']}
                rules={[{ required: true, message: t('channels.form.keywordTeamRequired') }]}
              >
                <Select
                  aria-label={t('channels.form.keywordTeam')}
                  options={teamOptions}
                  placeholder={t('channels.form.teamPlaceholder')}
                  showSearch={{ optionFilterProp: 'label' }}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('channels.form.removeKeyword')}
                title={t('channels.form.removeKeyword')}
                onClick={() => remove(name)}
              />
            </div>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add({ keyword: '', teamId: undefined } satisfies KeywordRow)}
            data-testid="add-keyword"
          >
            {t('channels.form.addKeyword')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

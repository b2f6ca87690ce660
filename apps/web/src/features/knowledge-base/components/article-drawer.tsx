import { useState } from 'react';
import { Drawer, Form, Input, Radio, Select, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KB_BODY_MAX, KB_TITLE_MAX, type TagOption } from '@sabai/contracts';
import type { TranslationKey } from '@sabai/i18n';
import { DrawerFormFooter } from '../../../components/drawer-form-footer';
import { errorKey } from '../../../lib/i18n';
import { useSaveKbArticle, type KbArticle, type SaveKbArticle } from '../api/articles';
import { MarkdownPreview } from './markdown-preview';

export type ArticleDrawerState = { mode: 'create' } | { mode: 'edit'; article: KbArticle };

type ArticleDrawerProps = {
  state: ArticleDrawerState | null;
  tags: readonly TagOption[];
  onClose: () => void;
  onSaved: (article: KbArticle, isNew: boolean) => void;
};

/** Adding or editing an article beside the list: title, language, status, tags, markdown with a preview. */
export function ArticleDrawer({ state, tags, onClose, onSaved }: ArticleDrawerProps) {
  const { t } = useTranslation();
  const article = state?.mode === 'edit' ? state.article : null;
  return (
    <Drawer
      open={state !== null}
      onClose={onClose}
      size={640}
      title={t(article ? 'kb.form.editTitle' : 'kb.form.createTitle')}
      destroyOnHidden
      rootClassName="settings-drawer kb-drawer"
    >
      {state && (
        <ArticleForm
          key={article ? `edit-${article.id}` : 'create'}
          article={article}
          tags={tags}
          onCancel={onClose}
          onSaved={onSaved}
        />
      )}
    </Drawer>
  );
}

function ArticleForm({
  article,
  tags,
  onCancel,
  onSaved,
}: {
  article: KbArticle | null;
  tags: readonly TagOption[];
  onCancel: () => void;
  onSaved: (article: KbArticle, isNew: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SaveKbArticle>();
  const save = useSaveKbArticle();
  const [message, setMessage] = useState<TranslationKey | null>(null);
  const body = Form.useWatch('body', form) ?? article?.body ?? '';
  const initialValues: SaveKbArticle = {
    title: article?.title ?? '',
    body: article?.body ?? '',
    language: article?.language ?? 'th',
    status: article?.status ?? 'published',
    tagIds: article?.tags.map((tag) => tag.id) ?? [],
  };

  const submit = async (values: SaveKbArticle) => {
    setMessage(null);
    try {
      const saved = await save.mutateAsync({ id: article?.id ?? null, body: values });
      onSaved(saved, article === null);
    } catch (error) {
      setMessage(errorKey(error, 'common.error.update'));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      className="settings-form"
      data-testid="kb-form"
    >
      <Form.Item
        name="title"
        label={t('kb.form.title')}
        rules={[{ required: true, whitespace: true, max: KB_TITLE_MAX }]}
      >
        <Input maxLength={KB_TITLE_MAX} data-testid="kb-title" />
      </Form.Item>
      <div className="kb-form__row">
        <Form.Item name="language" label={t('kb.form.language')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'th', label: t('kb.languages.th') },
              { value: 'en', label: t('kb.languages.en') },
            ]}
            data-testid="kb-language"
          />
        </Form.Item>
        <Form.Item name="status" label={t('kb.form.status')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'published', label: t('kb.statuses.published') },
              { value: 'draft', label: t('kb.statuses.draft') },
            ]}
            data-testid="kb-status"
          />
        </Form.Item>
      </div>
      <Form.Item name="tagIds" label={t('kb.form.tags')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          options={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
          data-testid="kb-tags"
        />
      </Form.Item>
      <Tabs
        size="small"
        items={[
          {
            key: 'write',
            label: t('kb.form.write'),
            forceRender: true,
            children: (
              <Form.Item
                name="body"
                label={t('kb.form.body')}
                extra={t('kb.form.bodyHint')}
                rules={[{ required: true, whitespace: true, max: KB_BODY_MAX }]}
              >
                <Input.TextArea
                  autoSize={{ minRows: 10, maxRows: 24 }}
                  maxLength={KB_BODY_MAX}
                  data-testid="kb-body"
                />
              </Form.Item>
            ),
          },
          {
            key: 'preview',
            label: t('kb.form.preview'),
            children: body.trim() ? (
              <MarkdownPreview markdown={body} />
            ) : (
              <Typography.Text type="secondary">{t('kb.form.previewEmpty')}</Typography.Text>
            ),
          },
        ]}
      />
      <DrawerFormFooter
        message={message}
        saveLabel="kb.form.save"
        isSaving={save.isPending}
        onCancel={onCancel}
        testId="kb"
      />
    </Form>
  );
}

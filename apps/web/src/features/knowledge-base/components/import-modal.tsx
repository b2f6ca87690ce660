import { useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KB_IMPORT_MAX_BYTES } from '@sabai/contracts';
import { SafeText } from '../../../components/safe-text';
import { errorCodeTextKey, errorKey } from '../../../lib/i18n';
import { useImportKbArticles, type KbImportResult } from '../api/articles';

/**
 * The CSV import: choose a file, the server checks it (a preview: nothing stored), then import the good rows.
 * Refused rows are listed with their line and why, before and after.
 */
export function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<KbImportResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const run = useImportKbArticles();

  const send = async (chosen: File, preview: boolean) => {
    setFailure(null);
    try {
      setResult(await run.mutateAsync({ file: chosen, preview }));
    } catch (error) {
      setResult(null);
      setFailure(error);
    }
  };
  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    setFile(chosen);
    setResult(null);
    if (chosen.size > KB_IMPORT_MAX_BYTES) return setFailure(new Error('too large'));
    void send(chosen, true);
  };
  const close = () => {
    setFile(null);
    setResult(null);
    setFailure(null);
    onClose();
  };
  const done = result && !result.dryRun;

  return (
    <Modal
      open={open}
      title={t('kb.importDialog.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>{t('kb.importDialog.close')}</Button>
          {result?.dryRun && (
            <Button
              type="primary"
              disabled={result.created.length === 0}
              loading={run.isPending}
              onClick={() => file && void send(file, false)}
              data-testid="kb-import-run"
            >
              {t('kb.importDialog.run', { count: result.created.length })}
            </Button>
          )}
        </Space>
      }
      className="kb-import-modal"
    >
      <Typography.Paragraph type="secondary">{t('kb.importDialog.intro')}</Typography.Paragraph>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        onChange={(e) => choose(e.target.files?.[0])}
        data-testid="kb-import-file"
      />
      <Button
        icon={<UploadOutlined />}
        onClick={() => input.current?.click()}
        loading={run.isPending && !result}
      >
        {file ? <SafeText text={file.name} /> : t('kb.importDialog.choose')}
      </Button>
      {failure !== null && (
        <Alert
          className="kb-import__alert"
          type="error"
          showIcon
          title={t(
            failure instanceof Error && failure.message === 'too large'
              ? 'errors.file.too_large'
              : errorKey(failure, 'common.error.update'),
          )}
          data-testid="kb-import-error"
        />
      )}
      {result && (
        <div className="kb-import__result" data-testid="kb-import-result">
          <Alert
            type={result.created.length > 0 ? 'success' : 'warning'}
            showIcon
            title={t(done ? 'kb.importDialog.created' : 'kb.importDialog.willCreate', {
              count: result.created.length,
            })}
          />
          {result.rejected.length > 0 && (
            <>
              <Typography.Paragraph strong className="kb-import__rejected-title">
                {t('kb.importDialog.rejected', { count: result.rejected.length })}
              </Typography.Paragraph>
              <ul className="kb-import__rejected" data-testid="kb-import-rejected">
                {result.rejected.map((row) => (
                  <li key={row.line}>
                    <strong>{t('kb.importDialog.line', { line: row.line })}</strong>
                    {row.title && (
                      <>
                        {' · '}
                        <SafeText text={row.title} />
                      </>
                    )}
                    {' — '}
                    {t(errorCodeTextKey(row.code) ?? 'errors.unknown')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

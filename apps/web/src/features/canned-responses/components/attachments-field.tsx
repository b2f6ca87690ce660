import { useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ALLOWED_ATTACHMENT_MIME } from '@sabai/domain';
import { useNotice } from '../../../lib/notices';
import { uploadAttachment } from '../api/upload-attachment';
import type { Attachment } from '../api/upload-attachment';
import { fileProblem, FILES_MAX, uploadProblem } from '../utils/canned-form';
import { SafeText } from '../../../components/safe-text';

type AttachmentsFieldProps = {
  value?: Attachment[];
  onChange?: (value: Attachment[]) => void;
};

/** The files of a canned response: each uploaded when chosen (checked first), sent by id on save. */
export function AttachmentsField({ value = [], onChange }: AttachmentsFieldProps) {
  const { t } = useTranslation();
  const notice = useNotice();
  const [uploading, setUploading] = useState(0);

  async function handleFile(file: File) {
    const problem = fileProblem(file);
    if (problem) {
      notice.warning(problem);
      return;
    }
    setUploading((count) => count + 1);
    try {
      const stored = await uploadAttachment(file);
      onChange?.([...value, stored]);
    } catch (error) {
      notice.warning(uploadProblem(error));
    } finally {
      setUploading((count) => count - 1);
    }
  }

  return (
    <div className="attachments-field" data-testid="canned-attachments">
      {value.length > 0 && (
        <ul className="attachments-field__list">
          {value.map((attachment) => (
            <li key={attachment.id} className="attachments-field__item">
              <PaperClipOutlined aria-hidden />
              <Typography.Link href={attachment.url} target="_blank" rel="noreferrer" ellipsis>
                <SafeText text={attachment.filename} />
              </Typography.Link>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('list.delete')}
                onClick={() => onChange?.(value.filter((item) => item.id !== attachment.id))}
              />
            </li>
          ))}
        </ul>
      )}
      <Space>
        <Upload
          accept={ALLOWED_ATTACHMENT_MIME.join(',')}
          showUploadList={false}
          disabled={value.length + uploading >= FILES_MAX}
          beforeUpload={(file) => {
            void handleFile(file);
            return false;
          }}
        >
          <Button
            icon={<UploadOutlined aria-hidden />}
            loading={uploading > 0}
            disabled={value.length + uploading >= FILES_MAX}
          >
            {uploading > 0 ? t('canned.form.uploading') : t('canned.form.upload')}
          </Button>
        </Upload>
      </Space>
    </div>
  );
}

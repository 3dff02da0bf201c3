import { python } from '@codemirror/lang-python';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

/**
 * The code editor (spec 2 §9: Python by default, 40vh, font 16). Its own module, loaded
 * lazily by CodeForm, so CodeMirror is fetched only when a code question is shown. The label
 * and the keyboard hint (`describedBy`) go on the editable element itself, the one that has the
 * focus: Tab indents there, and Esc then Tab leaves the editor (CodeMirror's way out).
 */
export default function CodeEditor({ value, onChange, readOnly, language, label, describedBy }: { value: string; onChange: (v: string) => void; readOnly: boolean; language: string; label: string; describedBy?: string }) {
  // only Python is run by the sandbox today; another language is shown without highlighting
  const extensions = useMemo(
    () => [
      ...(language === 'python' || !language ? [python()] : []),
      EditorView.contentAttributes.of({ 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
    ],
    [language, label, describedBy],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      editable={!readOnly}
      readOnly={readOnly}
      height="40vh"
      style={{ fontSize: 16 }}
      basicSetup={{ lineNumbers: true, foldGutter: false }}
      data-testid="code-editor"
    />
  );
}

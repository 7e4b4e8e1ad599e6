// Ant Design (React): a Form with labelled items: an input, a Select (its
// search input is the combobox, its list a portal), radio buttons whose
// native inputs are hidden, a DatePicker and a checkbox.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Checkbox, DatePicker, Form, Input, Radio, Select } from 'antd';

function App() {
  const [out, setOut] = useState('');
  const finish = (v) =>
    setOut(`Registered: username=${v.username}, team=${v.team}, billing=${v.billing}, start=${v.start ? v.start.format('YYYY-MM-DD') : ''}, newsletter=${v.newsletter ? 'yes' : 'no'}`);
  return (
    <div style={{ padding: 24, maxWidth: 480 }}>
      <h1>Create an account</h1>
      <Form layout="vertical" onFinish={finish} initialValues={{ billing: 'Monthly', newsletter: false }}>
        <Form.Item label="Username" name="username"><Input /></Form.Item>
        <Form.Item label="Team" name="team">
          <Select placeholder="Select a team" options={['Design', 'Engineering', 'Marketing', 'Sales'].map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        <Form.Item label="Billing" name="billing">
          <Radio.Group options={['Monthly', 'Yearly']} />
        </Form.Item>
        <Form.Item label="Start date" name="start"><DatePicker /></Form.Item>
        <Form.Item name="newsletter" valuePropName="checked"><Checkbox>Subscribe to the newsletter</Checkbox></Form.Item>
        <Button type="primary" htmlType="submit">Register</Button>
      </Form>
      <p role="status">{out}</p>
    </div>
  );
}

createRoot(document.getElementById('root')).render(<App />);

// One-time codes as sign-in pages draw them: react-otp-input (a box a
// digit, in a group the page names), Ark UI's PinInput (a box a digit,
// named "pin code 1 of 6", its label for the hidden input that holds the
// code) and input-otp (shadcn's: one transparent input over drawn slots).
import React, { useState } from 'react';
import { createRoot } from 'react-dom/client';
import OtpInput from 'react-otp-input';
import { OTPInput } from 'input-otp';
import { PinInput } from '@ark-ui/react/pin-input';

function App() {
  const [sms, setSms] = useState('');
  const [email, setEmail] = useState('');
  const [app, setApp] = useState('');
  const [out, setOut] = useState('');
  return <main><h1>Verify it is you</h1>
    <div role="group" aria-labelledby="sms-label" className="field"><p id="sms-label">SMS code</p>
      <OtpInput value={sms} onChange={setSms} numInputs={6} renderSeparator={<span>-</span>} renderInput={(props) => <input {...props} />} /></div>
    <div className="field"><label htmlFor="email-code">Email code</label>
      <OTPInput id="email-code" maxLength={6} value={email} onChange={setEmail}
        render={({ slots }) => <div className="slots">{slots.map((s, i) => <div key={i} className="slot">{s.char}</div>)}</div>} /></div>
    <PinInput.Root className="field" value={app.split('')} onValueChange={(d) => setApp(d.valueAsString)} count={6}>
      <PinInput.Label>Authenticator code</PinInput.Label>
      <PinInput.Control>{[0, 1, 2, 3, 4, 5].map((i) => <PinInput.Input key={i} index={i} />)}</PinInput.Control>
      <PinInput.HiddenInput />
    </PinInput.Root>
    <button onClick={() => setOut(`Verified: sms ${sms}, email ${email}, app ${app}`)}>Verify</button>
    <p role="status">{out}</p>
  </main>;
}
createRoot(document.getElementById('root')).render(<App />);

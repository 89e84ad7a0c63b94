export default function Page() { return <h1>marketing-landing</h1>; }

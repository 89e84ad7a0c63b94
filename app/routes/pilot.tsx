export default function Page() { return <h1>pilot</h1>; }

export default function Page() { return <h1>directory</h1>; }

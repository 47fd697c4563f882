//! The `pigment serve` verb: it runs the `pigment-serve` binary built beside `pigment` (`cargo
//! build -p pigment-serve`; `cargo test --workspace` builds it), which listens on 127.0.0.1 at the
//! port asked for (0: one the system picks, which it prints), answers the page and the API there,
//! and ends when it is told to.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::time::Duration;

/// `GET path` on `addr`: the whole answer.
fn get(addr: SocketAddr, path: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("the server accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_listens_on_localhost_answers_the_page_and_stops() {
    let pigment = std::path::Path::new(env!("CARGO_BIN_EXE_pigment"));
    let server = pigment.with_file_name(format!("pigment-serve{}", std::env::consts::EXE_SUFFIX));
    assert!(
        server.exists(),
        "`pigment serve` runs {}: build it with `cargo build -p pigment-serve`",
        server.display()
    );
    let mut child = Command::new(pigment)
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("pigment runs");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "pigment serve: the playground is at http://127.0.0.1:PORT/ (Ctrl-C stops it)"
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let addr: SocketAddr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    assert_eq!(
        addr.ip().to_string(),
        "127.0.0.1",
        "only this machine by default"
    );
    assert_ne!(addr.port(), 0);

    let page = get(addr, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<title>Pigment playground</title>"), "{page}");
    let examples = get(addr, "/api/examples");
    assert!(examples.contains("\"rings.p\""), "{examples}");

    // Told to stop (SIGTERM, as a service manager does; the verb's process is the server's), it
    // ends, and the port no longer answers.
    let killed = Command::new("kill")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert!(!status.success(), "{status}");
    assert!(TcpStream::connect_timeout(&addr, Duration::from_secs(5)).is_err());
}

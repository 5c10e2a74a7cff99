//! A small HTTP/1.1 client over one kept-alive connection, enough for the load generator: JSON
//! requests with a Content-Length, answers with a Content-Length or chunked, and PocketBase's
//! server-sent events (a chunked answer that never ends) read line by line. No compression is
//! asked for, so answers come as the server writes them.

use anyhow::{Context, bail};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufStream};
use tokio::net::TcpStream;

#[derive(Debug)]
pub struct Http {
    stream: BufStream<TcpStream>,
    host: String,
}

/// The head of an answer.
#[derive(Debug)]
pub struct Head {
    pub status: u16,
    pub length: Option<usize>,
    pub chunked: bool,
}

impl Http {
    pub async fn connect(addr: &str) -> anyhow::Result<Self> {
        let stream = TcpStream::connect(addr)
            .await
            .with_context(|| format!("cannot connect to {addr}"))?;
        stream.set_nodelay(true)?;
        Ok(Self {
            stream: BufStream::new(stream),
            host: addr.to_owned(),
        })
    }

    /// Writes a request; `authorization` is the header's whole value.
    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        authorization: Option<&str>,
        body: Option<&[u8]>,
        accept: &str,
    ) -> anyhow::Result<()> {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nAccept: {accept}\r\n",
            self.host
        );
        if let Some(authorization) = authorization {
            head.push_str("Authorization: ");
            head.push_str(authorization);
            head.push_str("\r\n");
        }
        if let Some(body) = body {
            head.push_str("Content-Type: application/json\r\n");
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        self.stream.write_all(head.as_bytes()).await?;
        if let Some(body) = body {
            self.stream.write_all(body).await?;
        }
        self.stream.flush().await?;
        Ok(())
    }

    pub async fn read_head(&mut self) -> anyhow::Result<Head> {
        let mut line = String::new();
        if self.stream.read_line(&mut line).await? == 0 {
            bail!("the server closed the connection");
        }
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .with_context(|| format!("not an HTTP status line: {line:?}"))?;
        let mut head = Head {
            status,
            length: None,
            chunked: false,
        };
        loop {
            line.clear();
            if self.stream.read_line(&mut line).await? == 0 {
                bail!("the server closed the connection in the head");
            }
            let header = line.trim_end();
            if header.is_empty() {
                return Ok(head);
            }
            let Some((name, value)) = header.split_once(':') else {
                continue;
            };
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                head.length = Some(value.parse()?);
            } else if name.eq_ignore_ascii_case("transfer-encoding")
                && value.eq_ignore_ascii_case("chunked")
            {
                head.chunked = true;
            }
        }
    }

    /// Reads a whole body after its head.
    pub async fn read_body(&mut self, head: &Head) -> anyhow::Result<Vec<u8>> {
        let mut body = Vec::new();
        if head.chunked {
            while self.read_chunk(&mut body).await? {}
        } else if let Some(length) = head.length {
            body.resize(length, 0);
            self.stream.read_exact(&mut body).await?;
        }
        Ok(body)
    }

    /// Appends the next chunk of a chunked body; false after the last (empty) one.
    pub async fn read_chunk(&mut self, into: &mut Vec<u8>) -> anyhow::Result<bool> {
        let mut line = String::new();
        if self.stream.read_line(&mut line).await? == 0 {
            bail!("the server closed the connection in a chunked body");
        }
        let size_text = line.trim_end();
        let size_text = size_text.split(';').next().unwrap_or_default();
        let size = usize::from_str_radix(size_text, 16)
            .with_context(|| format!("not a chunk size: {line:?}"))?;
        if size == 0 {
            // Trailers, then the empty line.
            loop {
                line.clear();
                if self.stream.read_line(&mut line).await? == 0 || line.trim_end().is_empty() {
                    return Ok(false);
                }
            }
        }
        let start = into.len();
        into.resize(start + size, 0);
        self.stream.read_exact(&mut into[start..]).await?;
        let mut crlf = [0; 2];
        self.stream.read_exact(&mut crlf).await?;
        Ok(true)
    }

    /// One request and its whole answer.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        authorization: Option<&str>,
        body: Option<&[u8]>,
    ) -> anyhow::Result<(u16, Vec<u8>)> {
        self.send(method, path, authorization, body, "application/json")
            .await?;
        let head = self.read_head().await?;
        let body = self.read_body(&head).await?;
        Ok((head.status, body))
    }
}

/// Server-sent events from a chunked answer: `next` gives each event's name and data.
#[derive(Debug)]
pub struct EventStream {
    http: Http,
    chunked: bool,
    buffer: Vec<u8>,
}

#[derive(Debug, Default)]
pub struct Sse {
    pub event: String,
    pub data: String,
}

impl EventStream {
    /// Sends the GET and reads the head; fails unless it is a 200.
    pub async fn open(mut http: Http, path: &str) -> anyhow::Result<Self> {
        http.send("GET", path, None, None, "text/event-stream")
            .await?;
        let head = http.read_head().await?;
        if head.status != 200 {
            bail!("GET {path}: {}", head.status);
        }
        Ok(Self {
            http,
            chunked: head.chunked,
            buffer: Vec::new(),
        })
    }

    /// The next line, without its line end.
    async fn line(&mut self) -> anyhow::Result<String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let mut line: Vec<u8> = self.buffer.drain(..=end).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Ok(String::from_utf8(line)?);
            }
            if self.chunked {
                if !self.http.read_chunk(&mut self.buffer).await? {
                    bail!("the event stream ended");
                }
            } else {
                let mut part = [0; 4096];
                let n = self.http.stream.read(&mut part).await?;
                if n == 0 {
                    bail!("the event stream ended");
                }
                self.buffer.extend_from_slice(&part[..n]);
            }
        }
    }

    /// The next event (lines up to an empty one).
    pub async fn next(&mut self) -> anyhow::Result<Sse> {
        let mut sse = Sse::default();
        loop {
            let line = self.line().await?;
            if line.is_empty() {
                if !sse.data.is_empty() || !sse.event.is_empty() {
                    return Ok(sse);
                }
                continue;
            }
            if let Some(value) = line.strip_prefix("event:") {
                sse.event = value.trim_start().to_owned();
            } else if let Some(value) = line.strip_prefix("data:") {
                if !sse.data.is_empty() {
                    sse.data.push('\n');
                }
                sse.data.push_str(value.trim_start());
            }
        }
    }
}

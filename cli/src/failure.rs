//! How a command fails, and the exit code each failure has (0 is success): 1 the input was
//! rejected, 2 the command line was wrong, 3 the server or store cannot be reached.

use std::process::ExitCode;

use polodesk_client::ClientError;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The server, the store or a file's content said no (validation, permission, conflict).
    #[error("{0}")]
    Rejected(String),
    /// The command line itself is wrong (clap reports its own usage errors the same way).
    #[error("{0}")]
    Usage(String),
    /// No server answers, or the store cannot be opened.
    #[error("{0}")]
    Unreachable(String),
}

impl CliError {
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(match self {
            CliError::Rejected(_) => 1,
            CliError::Usage(_) => 2,
            CliError::Unreachable(_) => 3,
        })
    }
}

impl From<ClientError> for CliError {
    fn from(error: ClientError) -> Self {
        match error {
            ClientError::Api {
                status: 401,
                message,
                ..
            } => CliError::Rejected(format!(
                "{message} (sign in: set POLODESK_TOKEN to a token from `polodesk token`)"
            )),
            ClientError::Api {
                message, errors, ..
            } => {
                // The field lines say it all when the message is one of them.
                let repeated = errors.values().flatten().any(|m| *m == message);
                let mut lines: Vec<String> = if repeated { Vec::new() } else { vec![message] };
                for (field, messages) in errors {
                    lines.extend(messages.into_iter().map(|m| format!("{field}: {m}")));
                }
                CliError::Rejected(lines.join("\n"))
            }
            ClientError::TwoStepRequired(message) => {
                CliError::Rejected(format!("{message} (add --code)"))
            }
            ClientError::Unreachable(reason) => {
                CliError::Unreachable(format!("cannot reach the server: {reason}"))
            }
            ClientError::Decode(reason) => CliError::Unreachable(reason),
        }
    }
}

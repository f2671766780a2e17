//! The names of the widget's parameters, for the build: `names` prints
//! them (space-separated, the one table `sim::params::PARAMS` in its
//! order); `names --loader IN OUT` writes the loader IN with its list
//! written in (`vm::page::finish_loader`) to OUT. Trunk's pre_build hook
//! (scripts/hooks/loader.mjs) runs it natively, so the loader a host page
//! loads lists exactly the names the widget reads.

use std::process::ExitCode;

use ratelimit_lab::vm::page::{finish_loader, NAMES};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {
            println!("{}", NAMES.join(" "));
            ExitCode::SUCCESS
        }
        [flag, input, output] if flag == "--loader" => loader(input, output),
        _ => {
            eprintln!("usage: names [--loader IN OUT]");
            ExitCode::FAILURE
        }
    }
}

/// Writes the finished loader, only if it changed (a watcher sees no new
/// file on every build).
fn loader(input: &str, output: &str) -> ExitCode {
    let template = match std::fs::read_to_string(input) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("names: cannot read {input}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Some(finished) = finish_loader(&template) else {
        eprintln!("names: {input} must hold the placeholder '@NAMES@' exactly once");
        return ExitCode::FAILURE;
    };
    if std::fs::read_to_string(output).ok().as_deref() == Some(finished.as_str()) {
        return ExitCode::SUCCESS;
    }
    let written = std::path::Path::new(output)
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(output, finished));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("names: cannot write {output}: {e}");
            ExitCode::FAILURE
        }
    }
}

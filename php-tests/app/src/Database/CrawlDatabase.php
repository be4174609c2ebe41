<?php

declare(strict_types=1);

namespace App\Database;

use PDO;

/**
 * The crawler's SQLite database: `crawl_url` holds URLs exactly as they were found (bytes,
 * never rewritten), `crawl_result` one row per crawl attempt.
 */
final class CrawlDatabase
{
    private PDO $pdo;

    public function __construct(string $databasePath)
    {
        $this->pdo = new PDO('sqlite:' . $databasePath, null, null, [
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
            PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
        ]);
        $this->pdo->exec('PRAGMA foreign_keys = ON');
        // Crawl workers write at once: a writer waits for the lock instead of failing, and (in
        // the WAL mode createSchema() sets) a commit does not wait for the disk.
        $this->pdo->exec('PRAGMA busy_timeout = 30000');
        $this->pdo->exec('PRAGMA synchronous = NORMAL');
    }

    public function createSchema(): void
    {
        $this->pdo->exec('PRAGMA journal_mode = WAL');
        $this->pdo->exec(<<<'SQL'
            CREATE TABLE IF NOT EXISTS crawl_url (
                id INTEGER PRIMARY KEY,
                url BLOB NOT NULL,
                label TEXT NOT NULL DEFAULT ''
            );
            CREATE TABLE IF NOT EXISTS crawl_result (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                crawl_url_id INTEGER NOT NULL REFERENCES crawl_url (id),
                crawler TEXT NOT NULL,
                url_sent BLOB NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('success', 'failed')),
                http_status INTEGER,
                detail TEXT NOT NULL DEFAULT '',
                created_at TEXT NOT NULL
            );
            SQL);
    }

    /**
     * Stores a URL as given (a BLOB, so bytes that are not UTF-8 survive too).
     */
    public function addUrl(string $url, string $label = ''): int
    {
        $insert = $this->pdo->prepare('INSERT INTO crawl_url (url, label) VALUES (:url, :label)');
        $insert->bindValue('url', $url, PDO::PARAM_LOB);
        $insert->bindValue('label', $label);
        $insert->execute();
        return (int) $this->pdo->lastInsertId();
    }

    /**
     * @return array{id: int, url: string, label: string}|null
     */
    public function findUrl(int $id): ?array
    {
        $select = $this->pdo->prepare('SELECT id, url, label FROM crawl_url WHERE id = :id');
        $select->execute(['id' => $id]);
        $row = $select->fetch();
        return $row === false ? null : [
            'id' => (int) $row['id'],
            'url' => (string) $row['url'],
            'label' => (string) $row['label'],
        ];
    }

    /**
     * @return list<array{id: int, url: string, label: string}>
     */
    public function urls(): array
    {
        $rows = $this->pdo->query('SELECT id, url, label FROM crawl_url ORDER BY id')->fetchAll();
        return array_map(
            static fn (array $row): array => [
                'id' => (int) $row['id'],
                'url' => (string) $row['url'],
                'label' => (string) $row['label'],
            ],
            $rows
        );
    }

    public function addResult(
        int $crawlUrlId,
        string $crawler,
        string $urlSent,
        bool $success,
        ?int $httpStatus,
        string $detail
    ): void {
        $insert = $this->pdo->prepare(
            'INSERT INTO crawl_result (crawl_url_id, crawler, url_sent, status, http_status, detail, created_at)
             VALUES (:crawl_url_id, :crawler, :url_sent, :status, :http_status, :detail, :created_at)'
        );
        $insert->bindValue('crawl_url_id', $crawlUrlId, PDO::PARAM_INT);
        $insert->bindValue('crawler', $crawler);
        $insert->bindValue('url_sent', $urlSent, PDO::PARAM_LOB);
        $insert->bindValue('status', $success ? 'success' : 'failed');
        $insert->bindValue('http_status', $httpStatus, $httpStatus === null ? PDO::PARAM_NULL : PDO::PARAM_INT);
        $insert->bindValue('detail', $detail);
        $insert->bindValue('created_at', gmdate('Y-m-d\TH:i:s\Z'));
        $insert->execute();
    }

    /**
     * @return list<array{
     *     crawl_url_id: int,
     *     crawler: string,
     *     url_sent: string,
     *     status: string,
     *     http_status: ?int,
     *     detail: string
     * }>
     */
    public function results(): array
    {
        $rows = $this->pdo->query(
            'SELECT crawl_url_id, crawler, url_sent, status, http_status, detail FROM crawl_result ORDER BY id'
        )->fetchAll();
        return array_map(static fn (array $row): array => [
            'crawl_url_id' => (int) $row['crawl_url_id'],
            'crawler' => (string) $row['crawler'],
            'url_sent' => (string) $row['url_sent'],
            'status' => (string) $row['status'],
            'http_status' => $row['http_status'] === null ? null : (int) $row['http_status'],
            'detail' => (string) $row['detail'],
        ], $rows);
    }
}
